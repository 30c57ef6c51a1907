"""The Rummy 500 tutor in a checkout: ``streamlit run app.py``. The router is ``ui.router``, which the
installed command ``rummy500`` runs too (through ``ui/entry/app.py``)."""

from ui.router import main

main()
