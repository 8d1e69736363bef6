"""Jinja's bytecode cache for the test sessions that make many apps (web and browser fixtures): templates compile
once per session, as long as their source is unchanged."""

import jinja2


class CompiledOnce(jinja2.BytecodeCache):
    """Jinja's bytecode cache in memory: each template's compiled code, for as long as its source is unchanged."""

    def __init__(self) -> None:
        self.codes: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if (code := self.codes.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.codes[bucket.key] = bucket.bytecode_to_string()
