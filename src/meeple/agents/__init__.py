"""Agents: decision makers that drivers seat around an engine state."""

from meeple.agents.base import Agent, RandomAgent, agent_names, make_agent

__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent"]
