"""A match's pages: the sheet and its hands (:mod:`.views`), the sheets remembered per match version
(:mod:`.pages`), sharing and rematch (:mod:`.share`), the matches a phone opened (:mod:`.recent`), and the match's
own rules page and checker (:mod:`.rules`)."""
