from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"

    def ready(self) -> None:
        from scorekeeper import checks  # noqa: F401 - registers the deploy checks
