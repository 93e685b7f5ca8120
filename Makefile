# Set-up is part of every target: a fresh machine needs nothing but python3 (>= 3.11).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve play test lint typecheck format bench simulate clean

# The train extra brings PyTorch for the PPO tests. Its release is pinned to one with a CPU build
# of about 190 MB: a looser range takes the newest release, a CUDA build of several GB.
$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl,plots,server,ray,frames,train]' 'torch==2.13.0'
	touch $(STAMP)

serve: $(STAMP)  ## the game server on the embedded SQLite default; open the address it prints
	$(BIN)/meeple serve $(ARGS)

play: $(STAMP)  ## an interactive game of The Peach Festival against bots
	$(BIN)/meeple play peach-festival --players 2 $(ARGS)

test: $(STAMP)  ## the whole test suite
	$(BIN)/python -m pytest -n 2 $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)  ## mypy: strict on meeple.core, the default level elsewhere (pyproject.toml)
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format src tests bench
	$(BIN)/ruff check --fix src tests bench

simulate: $(STAMP)  ## 200 games of The Peach Festival between the greedy and random agents
	$(BIN)/meeple simulate peach-festival --players 2 --agents greedy,random --games 200 $(ARGS)

bench: $(STAMP)
	$(BIN)/python bench/engine.py $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
