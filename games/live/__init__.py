"""The live sheet: the fan-out that hears of every write and hands it to this
process's streams (`fanout`), and the event streams every open game page holds
(`streams`)."""
