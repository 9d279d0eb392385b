"""The API's routes, one router per area: `editions` (what the server runs), `games` (reading
one game), `lobby` (before the start), `play` (answers, messages and the controls), `socket`
(live play); server/web_extras.py holds the web client's extras. What they share (the hub, the
authorisation of a token, rate limits, the error handlers) is in `shared`."""
