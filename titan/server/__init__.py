"""The game server: a web API (FastAPI) over a database (SQLAlchemy; SQLite or PostgreSQL)
that every client plays through.

  app.py        create_app: wiring and start-up (migrations, NOTIFY, resuming bots)
  api.py        the HTTP routes under /api;  ws.py  the WebSocket;  web.py  the browser client
  models.py     request and response bodies (pydantic, for validation and /openapi.json)
  service.py    games: create, import, cache, accept actions (stored before acknowledged)
  live.py       a game in memory, and everything a seat may be sent
  store.py      every SQL statement;  tables.py  the schema;  db.py  engine and migrations
  hub.py        in-process pub/sub per game;  notify.py  PostgreSQL LISTEN/NOTIFY
  bots.py       computer seats in worker processes;  lobby.py  seats, tokens, summaries
  errors.py     the error body and handlers;  limits.py  the request size limit
  config.py     database URLs and settings;  serve.py  ``titan serve``
"""
