"""Publish/subscribe of "something changed": in-process by default, Redis when configured."""
