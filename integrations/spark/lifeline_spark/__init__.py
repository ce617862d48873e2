"""Lifeline on Apache Spark: a fleet's traces checked by the real `lifeline check`, findings as
Parquet, and the saved queries on Spark SQL views over raw traces. See integrations/spark/README.md."""

from .check import CheckResult, check

__all__ = ["CheckResult", "check"]
