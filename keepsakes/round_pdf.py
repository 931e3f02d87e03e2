def game_sheet_pdf(game, state):
    return b""
