"""The Streamlit pages and widgets: thin UI over the engine and the tutor packages."""
