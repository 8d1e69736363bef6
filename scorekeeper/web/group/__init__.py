"""A group's pages (issue 24): create, the group with its roster and matches, its read-only view."""
