"""Application services, one module per domain."""
