"""What a variant table may say and how it becomes rules: the schema language (:mod:`.schema`), reading a table
with ``extends`` (:mod:`.reading`), the variants and their options (:mod:`.variants`), the game families that build
rules from a table (:mod:`.families`), the rules a match is pinned to (:mod:`.pinned`), house rules merged over a
variant (:mod:`.house`, the form's fields in :mod:`.house_fields`), a table's words (:mod:`.words`), the generated
reference blocks (:mod:`.reference`, :mod:`.reference_lang`) and the groups the pages list variants in
(:mod:`.groups`). Nothing here knows a family's rules."""
