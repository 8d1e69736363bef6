"""Entering a hand: the page and its saves (:mod:`.views`), the forms (:mod:`.forms`, a family's extra fields in
:mod:`.variant_fields`, Keltis's in :mod:`.keltis`, counted cards in :mod:`.counts`), the live preview
(:mod:`.preview`), unreadable cards at their fields (:mod:`.typos`) and two phones saving one hand
(:mod:`.clash`)."""
