"""A group's statistics and records across its matches (issue 24). :mod:`.facts` and :mod:`.compute` are the
pure, stdlib-only part (facts in, numbers out); :mod:`.stored` turns stored matches into facts, replaying each
once under its own pinned rules, and is where ``group_stats`` lives."""
