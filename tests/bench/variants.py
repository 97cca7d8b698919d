"""Shared by the family scenarios' tests: every variant of a point opens on
the given actions and steps (tiny sizes; no timing is checked)."""


def assert_each_variant_steps(runners: dict, actions, steps: int = 5) -> None:
    for label, runner in runners.items():
        runner.open(actions)
        try:
            assert runner.run(steps) > 0, label
        finally:
            runner.close()
