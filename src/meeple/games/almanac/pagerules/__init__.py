"""Placement rules of the route's pages, one module per page (ruling AL-R46)."""
