"""The help pages' content: quick start, rules, FAQ and refresher of each game, as data files."""
