"""Test data built in code: games played through the same model methods as the app,
and the sheets of RULES.md as moves to replay."""

from games.kinds.yams import PRESETS
from games.models import Game


def make_game(names=("Sarah", "Hugo"), preset="classic", options=None, band=None):
    """Returns (game, host_token)."""
    return Game.objects.create_game(list(names), preset, options or {}, band=band)


def play(game, *moves):
    """Records moves given as (player_name, column, box, entry) in order."""
    players = {p.name: p for p in game.players.all()}
    made = []
    for name, column, box, entry in moves:
        made.append(game.record(players[name].pk, column, box, entry))
    return made


# The classic sheet's boxes in order, and six players' names, for tests that
# fill sheets in bulk.
CLASSIC_BOXES = list(PRESETS["classic"].box_keys)
SIX_NAMES = ["Sarah", "Hugo", "Léa", "Tom", "Zoé", "Max"]


# --- entries, as the host enters them -------------------------------------------


def count(n):
    return {"kind": "count", "value": n}


def face(n):
    return {"kind": "face", "value": n}


def faces(*values):
    return {"kind": "faces", "values": list(values)}


def total(n):
    return {"kind": "total", "value": n}


MADE = {"kind": "made"}
CROSS = {"kind": "cross"}

# RULES.md, "Sheet totals (003, classic)": Sarah 250, Hugo 218.
SARAH = [
    ("ones", count(3)),
    ("twos", count(3)),
    ("threes", count(3)),
    ("fours", count(3)),
    ("fives", count(3)),
    ("sixes", count(3)),
    ("three_kind", face(5)),
    ("four_kind", face(3)),
    ("full_house", MADE),
    ("small_straight", MADE),
    ("large_straight", CROSS),
    ("yams", MADE),
    ("chance", total(20)),
]
HUGO = [
    ("ones", count(2)),
    ("twos", count(2)),
    ("threes", count(4)),
    ("fours", count(4)),
    ("fives", count(2)),
    ("sixes", count(3)),
    ("three_kind", face(6)),
    ("four_kind", face(5)),
    ("full_house", MADE),
    ("small_straight", MADE),
    ("large_straight", MADE),
    ("yams", CROSS),
    ("chance", total(23)),
]


def classic_moves():
    """Sarah and Hugo's whole game, turn by turn: (name, column, box, entry)."""
    moves = []
    for (s_box, s_entry), (h_box, h_entry) in zip(SARAH, HUGO, strict=True):
        moves.append(("Sarah", "free", s_box, s_entry))
        moves.append(("Hugo", "free", h_box, h_entry))
    return moves


def worked_example(turns=None, band=None):
    """The classic game of RULES.md between Sarah and Hugo; (game, host_token).

    `turns` stops it early (each player's turns alternate, Sarah first)."""
    game, host_token = make_game(("Sarah", "Hugo"), "classic", band=band)
    play(game, *classic_moves()[:turns])
    game.refresh_from_db()
    return game, host_token


# One player's whole classic sheet (252 points), box by box: what the concurrency
# tests post from many threads at once.
FULL_SHEET = [
    ("ones", count(3)),
    ("twos", count(2)),
    ("threes", count(3)),
    ("fours", count(4)),
    ("fives", count(2)),
    ("sixes", count(4)),
    ("three_kind", face(5)),
    ("four_kind", face(2)),
    ("full_house", MADE),
    ("small_straight", MADE),
    ("large_straight", CROSS),
    ("yams", MADE),
    ("chance", total(23)),
]

# A six-dice sheet using every kind of entry: count, face, faces, total, made, cross.
SIX_DICE = [
    ("ones", count(2)),
    ("twos", count(3)),
    ("threes", count(4)),
    ("fours", count(3)),
    ("fives", count(3)),
    ("sixes", count(4)),
    ("pair", face(6)),
    ("two_pairs", faces(6, 5)),
    ("three_pairs", faces(6, 5, 4)),
    ("three_kind", face(6)),
    ("four_kind", face(5)),
    ("five_kind", CROSS),
    ("small_straight", MADE),
    ("large_straight", MADE),
    ("full_straight", CROSS),
    ("full_house", faces(6, 5)),
    ("double_three_kind", faces(6, 4)),
    ("tower", faces(5, 6)),
    ("chance", total(27)),
    ("maxi_yatzy", CROSS),
]


# --- finishing games quickly ----------------------------------------------------

UPPER = [
    ("sixes", 6),
    ("fives", 5),
    ("fours", 4),
    ("threes", 3),
    ("twos", 2),
    ("ones", 1),
]


def entries_for(score):
    """{box: entry} for a classic sheet worth exactly `score` (0 to 90), every other
    box crossed: the chance takes up to 30, the upper boxes the rest (below the
    bonus)."""
    entries = {}
    chance = min(score, 30) if score >= 5 else 0
    if chance:
        entries["chance"] = total(chance)
    rest = score - chance
    for box, face_value in UPPER:
        n = min(5, rest // face_value)
        if n:
            entries[box] = count(n)
            rest -= n * face_value
    assert rest == 0 and score - chance < 63, f"cannot make {score}"
    return entries


def moves_to_finish(game, scores):
    """Every remaining move of a classic game, in turn order, so that each player
    ends on scores[name]."""
    players = list(game.players.all())
    done = {(e.player_id, e.box) for e in game.entries.filter(undone_at__isnull=True)}
    plans = {p.pk: entries_for(scores[p.name]) for p in players}
    moves = []
    for box in game.variant.boxes:
        for player in players:
            if (player.pk, box.key) in done:
                continue
            entry = plans[player.pk].get(box.key, CROSS)
            moves.append((player, "free", box.key, entry))
    return moves


def finish(game, scores, leave=0):
    """Plays a classic game to its end (or to `leave` moves from it), each player
    ending on scores[name]."""
    moves = moves_to_finish(game, scores)
    for player, column, box, entry in moves[: len(moves) - leave]:
        game.record(player.pk, column, box, entry)
    game.refresh_from_db()
    return game


def play_finished(names, scores, band=None, **kwargs):
    """A new classic game of `names` finished on `scores`: (game, host_token)."""
    game, host_token = make_game(names, band=band, **kwargs)
    finish(game, dict(zip(names, scores, strict=True)))
    return game, host_token


def play_turn_after_turn(game, choose, turns=None):
    """Plays turn after turn, in any variant: for the player whose turn it is, the
    (column, box, entry) that `choose(current)` gives; stops after `turns` turns or
    at the end. Returns the game's state."""
    played = 0
    while turns is None or played < turns:
        state = game.state()
        if state.finished:
            break
        current = state.current
        column, box, entry = choose(current)
        game.record(current.player.pk, column, box, entry)
        played += 1
    game.refresh_from_db()
    return game.state()


def play_turns(game, chance, turns=None):
    """Plays turn after turn, in any variant: the chance box first (worth
    `chance[name]`, 5 to 30), every other box crossed out; stops after `turns` turns
    or at the end. Returns the game's state."""

    def chance_first(current):
        free = list(current.scorecard.free_boxes("free"))
        if "chance" in free:
            return "free", "chance", total(chance[current.player.name])
        return "free", free[0], CROSS

    return play_turn_after_turn(game, chance_first, turns)


# --- games of rounds (Skyjo, tarot, the free counter) ---------------------------


def make_round_game(kind, names=("Ana", "Bruno", "Chloé"), options=None, band=None):
    """A game of `kind` ("skyjo", "tarot" or "tally"); returns (game, host_token)."""
    return Game.objects.create_game(
        list(names), "", options or {}, band=band, kind=kind
    )


def pks(game):
    """{name: pk} of the game's players."""
    return {p.name: p.pk for p in game.players.all()}


def skyjo_round(game, cards, finisher):
    """A Skyjo round: `cards` {name: the round's total}, `finisher` a name."""
    ids = pks(game)
    return {
        "cards": {str(ids[name]): value for name, value in cards.items()},
        "finisher": ids[finisher],
    }


def tally_round(game, points):
    """A round of the free counter: `points` {name: points}."""
    ids = pks(game)
    return {"points": {str(ids[name]): value for name, value in points.items()}}


def tarot_deal(game, taker, contract, bouts, points, partner="", **extras):
    """A tarot deal: `partner` a name, None for "alone", "" at 3 or 4 players."""
    ids = pks(game)
    entry = {"taker": ids[taker], "contract": contract, "bouts": bouts}
    entry["points"] = points
    if partner != "":
        entry["partner"] = None if partner is None else ids[partner]
    return entry | extras


def play_rounds(game, *entries):
    """Records each entry as the host would; returns the Rounds made."""
    return [game.record_round(entry) for entry in entries]
