"""The Peach Festival -- a roll-and-write of commodities, Requests and Peaches for 1-5 players."""
