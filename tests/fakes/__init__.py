"""Fakes at the process edges: servers we run on loopback in place of third parties."""
