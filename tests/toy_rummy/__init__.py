"""A toy rummy, the third game family (issue 20): groups and runs, points for cards. It lives outside the package
to prove that a family plugs in without editing any existing module: its schema (:mod:`.schema`), rules
(:mod:`.rules`), record reader (:mod:`.record`), scorer (:mod:`.score`) and tables (``rules_ref/``) are gathered
into one :class:`~scorekeeper.rules.tables.families.Family` in :mod:`.family`, and :mod:`.plugin` registers it
(``SCOREKEEPER_PLUGINS=tests.toy_rummy.plugin``). Importing this package registers nothing, so the core tests
can plug the family in for one test and take it out again."""
