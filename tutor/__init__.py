"""The tutor's logic, free of Streamlit: scenarios, checking attempts, lessons, progress, strings, charts."""
