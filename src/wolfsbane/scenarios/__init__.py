"""Conformance scenarios: YAML files that pin a whole game and state what must follow."""

from .loader import Scenario, ScenarioFileError, load_scenario, scenario_files
from .runner import Result, run_scenario

__all__ = [
    "Result", "Scenario", "ScenarioFileError", "load_scenario", "run_scenario", "scenario_files",
]
