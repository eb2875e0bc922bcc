"""The monthly collectible album: 9 cards a month, each with its own task and four tiers."""
