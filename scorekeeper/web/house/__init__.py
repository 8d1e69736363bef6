"""House rules on the web: preset pages, download and import (:mod:`.views`), the new-match form's fields
(:mod:`.form`, shown by :mod:`.view`, in words from :mod:`.words`), and presets kept on the phone
(:mod:`.phone`)."""
