"""The words and cells every front shows (web, API, PDF, CLI): the core's meld kinds and problem codes in the
page's language (:mod:`.words`), the scoresheet's cells (:mod:`.sheet`), the score-race chart (:mod:`.chart`),
the card keypad (:mod:`.keypad`) and QR codes (:mod:`.qr`)."""
