"""scorekeeper: score keeping and adjudication for card games played with real cards at a real table."""
