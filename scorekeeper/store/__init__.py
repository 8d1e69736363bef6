"""Storage: the database (:mod:`.db`, :mod:`.models`, migrations in :mod:`.migrate` and ``migrations/``),
matches as append-only logs (:mod:`.matches`, read back by :mod:`.match_log`), idempotent saves (:mod:`.saves`),
house-rule presets (:mod:`.presets`), export and import (:mod:`.transfer`), and the cache of rendered pages
(:mod:`.remembered`)."""
