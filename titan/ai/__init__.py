"""Computer players. Every bot answers prompts from what its view shows, nothing more."""
