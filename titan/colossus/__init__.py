"""Playing against Colossus (cleka/colossus-titan): its socket protocol, and a mirror of its
games in our engine. A tool: it may use the engine and the AI, never the server or the CLI."""
