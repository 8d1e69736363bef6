"""The canasta family: everything canasta variants alone need. The rules object a table builds (:mod:`.rules`,
built by :mod:`.table`, its contradictions in :mod:`.table_checks`), the hand record (:mod:`.record`, summary
counts in :mod:`.summary` and :mod:`.value_groups`), how a hand is scored (:mod:`.scoring`: a side counted once in
:mod:`.tally`, bonuses in :mod:`.bonuses` with the named exceptions of :mod:`.hooks`, the classic checks of
:mod:`.classic`, :mod:`.taxation`), and the family's hooks gathered in :mod:`.family`.

The package itself imports nothing, so a module elsewhere (:mod:`scorekeeper.rules.melds`) may import
:mod:`.rules` without loading the whole family."""
