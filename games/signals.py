"""What a game tells whoever keeps track of it: the band app listens (`bands`
depends on `games`, never the reverse). Every signal is sent with `sender=Game`,
inside the transaction of the write, so a listener's rows commit or roll back
with the game's."""

from django.dispatch import Signal

# A game is about to be inserted: `game` (unsaved, its `band` maybe None) and the
# cleaned `names` of its players. A listener gives it a band if it has none, and
# notes the new game in the band it has.
game_starting = Signal()

# The last box was filled: `game`, and `state` (its GameState) holding the ranking.
game_finished = Signal()

# An undo reopened the finished `game`: its result no longer stands.
result_reopened = Signal()

# A player of the finished `game` was renamed from `old_name` to `new_name`.
player_renamed = Signal()

# A finished `game` was imported from a file: its `finished_at` is the file's, and
# its result may already be known from the game the file was exported from.
game_imported = Signal()
