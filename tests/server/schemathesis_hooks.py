"""Loaded by schemathesis (SCHEMATHESIS_HOOKS) for tests/server/test_schemathesis.py: the bodies
the API takes as text that schemathesis has no serializer for (an export as JSON Lines, a raw
email) are sent as the text they are."""

import schemathesis

schemathesis.serializer.alias(["application/x-ndjson", "message/rfc822"], "text/plain")
