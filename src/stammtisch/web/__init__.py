"""HTTP pages, JSON API and websocket protocol."""
