"""Everything stored: each record's versioned format, its codec, and the storage slot it lives in.

Above the game and the session, whose values it encodes; below the views, which only describe
what happened to a record.
"""
