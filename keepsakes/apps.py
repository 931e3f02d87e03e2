from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class KeepsakesConfig(AppConfig):
    name = "keepsakes"
    verbose_name = _("Souvenirs")
