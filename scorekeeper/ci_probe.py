from django.utils.translation import gettext_lazy as _

PROBE = _( "Une phrase que personne n’a traduite" )
