"""AIWolf compatibility: LiCOS villages played by AIWolf NLP agents, and AIWolf game logs.

- `master.GameMaster`: one village, its questions asked as AIWolf requests (NAME, INITIALIZE,
  DAILY_INITIALIZE, TALK, WHISPER, VOTE, DIVINE, GUARD, ATTACK, DAILY_FINISH, FINISH);
- `server.Room` and `server.run_room`: the WebSocket server agents connect to
  (`wolfsbane aiwolf serve`);
- `log.aiwolf_log(record)`: a finished game as AIWolf log lines
  (`wolfsbane export aiwolf-log`);
- `packets`, `words`: the packets from a seat's view, the roles' AIWolf names, and talk in the
  AIWolf protocol language.

See docs/aiwolf.md.
"""
