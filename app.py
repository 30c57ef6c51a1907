"""The Rummy 500 tutor in a checkout: ``streamlit run app.py``. The router is ``ui.app.router``, which the
installed command ``rummy500`` runs too (through ``ui/app/script.py``)."""

from ui.app.router import main

main()
