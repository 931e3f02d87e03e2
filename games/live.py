"""The live sheet's fan-out (being written): every process holds one hub."""


class Hub:
    def drain(self):
        """End every open stream (the server is shutting down)."""


hub = Hub()
