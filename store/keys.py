"""The key layout. Every key of one table carries the hash tag {<table id>}, so a table
lives in one Redis Cluster slot and its scripts touch one node only.

On a cluster, a player's keys (p:<email>:...) and the global indexes at the end are each
a slot of their own (no hash tag: spread over the masters by their names), read and written
one key per command, never inside a script; a pipeline mixing them with a table's keys is
split per node by the cluster client (store/connect.py). The job queues are not here: rq
needs one server (PBEM_QUEUE_URL, workers/queue.py)."""


def table(table_id: str, part: str) -> str:
    return f"t:{{{table_id}}}:{part}"


def rollback(table_id: str) -> str:     # hash: request (JSON), vote:<seat> -> agree; expires (issue 17)
    return table(table_id, "rollback")


def meta(table_id: str) -> str:          # hash: doc (JSON, written once), seq
    return table(table_id, "meta")


def log(table_id: str) -> str:           # stream: entry id "<seq>-0", field e = the event envelope
    return table(table_id, "log")


def snapshot(table_id: str) -> str:      # hash: seq, version, state (the latest snapshot)
    return table(table_id, "snap")


def snapshots(table_id: str) -> str:     # hash: seq -> "<version>\n<state>" (every snapshot kept)
    return table(table_id, "snaps")


def waiting(table_id: str) -> str:       # hash: seat -> seq since which the seat is waited on
    return table(table_id, "waiting")


def idempotency(table_id: str) -> str:   # hash: scope -> the record of the request; expires a TTL after the last
    return table(table_id, "idem")


def idempotency_single(table_id: str, scope: str) -> str:   # string: one record, as kept before the hash
    return table(table_id, "idem:" + scope)              # (read until the last has expired, a TTL later)


def mail(table_id: str, name: str) -> str:   # the delivery state of one email
    return table(table_id, "mail:" + name)


def thread(table_id: str) -> str:      # hash: seat -> JSON list of the Message-IDs of the seat's emails
    return table(table_id, "thread")


def inbound(table_id: str) -> str:      # list: JSON records of the emails received for this table, newest first
    return table(table_id, "inbound")


def answering(table_id: str, seat: str) -> str:   # string: a reply of the seat is being applied and answered
    return table(table_id, "answering:" + seat)


def preferences(table_id: str) -> str:  # hash: seat -> notification policy at this table
    return table(table_id, "prefs")


def player_preferences(email: str) -> str:   # hash: policy -> the player's policy everywhere
    return f"p:{email.lower()}:prefs"


def player_notices(email: str, box: str) -> str:   # set of "<table>/<seat>/<seq>" held for one email
    return f"p:{email.lower()}:notices:{box}"


def clock(table_id: str) -> str:         # hash: <seat>:bank, <seat>:edge, <seat>:since, <seat>:deadline
    return table(table_id, "clock")


def player_vacations(email: str) -> str:     # string: JSON list of [start, end]
    return f"p:{email.lower()}:vacations"


def player_tables(email: str) -> str:    # set of table ids a player sits at
    return f"p:{email.lower()}:tables"


def player_waiting(email: str) -> str:   # set of "<table>/<seat>" where the player is waited on
    return f"p:{email.lower()}:waiting"


def gathering(table_id: str) -> str:   # hash: doc, seed, status, seat:<seat> (JSON): a table filling its seats
    return table(table_id, "gathering")


def join_request(table_id: str, nonce: str) -> str:   # string: JSON {seat, name, email} awaiting its email's confirm
    return table(table_id, "join:" + nonce)


def rematch(table_id: str) -> str:      # string: the id of the rematch a finished table's players were asked to
    return table(table_id, "rematch")


def player_gatherings(email: str) -> str:   # set of the ids of the gatherings a player is asked to or sits at
    return f"p:{email.lower()}:gatherings"


def player_never(email: str) -> str:    # string: set when the address asked never to be emailed by this server
    return f"p:{email.lower()}:never"


ALL_TABLES = "tables:all"                # sorted set: table id by creation time
DEADLINES = "deadlines"                  # sorted set: "<table>/<seat>/<edge>" by deadline, for the sweep
CHANGED = "tables:changed"               # list: "<table>:<seq>" for each append a worker must act on
PENDING = "tables:pending"               # sorted set: table id by when it began to need a worker (the sweep's index)
GATHERINGS_DUE = "gatherings:due"        # sorted set: "<id>/<seat>/<n>" (an invitation) or "<id>" (the whole) by lapse time
GATHERINGS_PUBLIC = "gatherings:public"  # sorted set: ids of gatherings with open seats their creator made public
