"""Page scripts run by st.navigation."""
