"""The page languages (issue 23), each by its own name as the language switch lists it; English first, the
language of a browser that asks for none of them. A leaf module (it imports nothing): the app's config, the
switch (scorekeeper/i18n.py) and the CLI's ``--lang`` read it, the CLI without loading Flask."""

LANGUAGE_NAMES = {"en": "English", "hu": "Magyar", "fr": "Français", "sv": "Svenska"}
LANGUAGES = tuple(LANGUAGE_NAMES)
