"""The test suite: a package, so pytest, mypy and bench/ name its modules alike (``tests.core.secrets``)."""
