"""Naming files as the user gave them, and ordering rotated parts: no Spark needed."""

import os
import tempfile
import unittest

import subprocess

from support import REPOSITORY, lifeline  # also puts this checkout's package first on the path
from lifeline_spark.files import local_copy, name_of, rotation_key


class NameTests(unittest.TestCase):
    def test_a_file_keeps_the_path_as_given_and_a_directorys_files_are_joined_to_it(self):
        directory = tempfile.mkdtemp(prefix="lifeline-spark-names-")
        try:
            os.makedirs(os.path.join(directory, "fleet", "iPad13,4"))
            previous = os.getcwd()
            os.chdir(directory)
            try:
                # Spark writes the path as it is, never percent-encoded: '%', ' ' and '#' are the name's.
                uri = "file:" + os.path.join(directory, "fleet", "iPad13,4", "a%20b #1.ndjson")
                self.assertEqual(name_of(uri, "fleet"), "fleet/iPad13,4/a%20b #1.ndjson")
                self.assertEqual(name_of(uri, "fleet/"), "fleet/iPad13,4/a%20b #1.ndjson")
                self.assertEqual(name_of(uri, "./fleet/iPad13,4"), "./fleet/iPad13,4/a%20b #1.ndjson")
                with open(os.path.join("fleet", "iPad13,4", "a%20b #1.ndjson"), "w", encoding="utf-8"):
                    pass
                self.assertEqual(name_of(uri, "fleet/iPad13,4/a%20b #1.ndjson"), "fleet/iPad13,4/a%20b #1.ndjson")
                # An absolute directory, as given.
                traces = os.path.join(REPOSITORY, "traces")
                self.assertEqual(name_of("file://" + os.path.join(traces, "cold-launch.ndjson"), traces),
                                 os.path.join(traces, "cold-launch.ndjson"))
                # A sibling whose name starts the same is not below the directory.
                self.assertIsNone(name_of("file:" + os.path.join(directory, "fleet2", "x.ndjson"), "fleet"))
            finally:
                os.chdir(previous)
        finally:
            import shutil

            shutil.rmtree(directory, ignore_errors=True)

    def test_uris_are_compared_by_scheme_bucket_and_path(self):
        self.assertEqual(name_of("s3a://ci/2026-11/dev/a.ndjson", "s3a://ci/2026-11/"), "s3a://ci/2026-11/dev/a.ndjson")
        self.assertEqual(name_of("s3a://ci/2026-11/dev/a.ndjson", "s3a://ci/2026-11/dev/a.ndjson"),
                         "s3a://ci/2026-11/dev/a.ndjson")
        self.assertIsNone(name_of("s3a://other/2026-11/dev/a.ndjson", "s3a://ci/2026-11"))
        self.assertIsNone(name_of("gs://ci/2026-11/dev/a.ndjson", "s3a://ci/2026-11"))
        # A path on the default filesystem (HDFS), qualified by Spark with its name node.
        self.assertEqual(name_of("hdfs://nn:8020/data/traces/a.ndjson", "/data/traces"), "/data/traces/a.ndjson")

    def test_rotated_parts_follow_the_file_they_continue(self):
        # As lifeline check reads a name (CheckRun.rotation(of:)): the stem without part and extension,
        # so notes.2.jsonl continues notes.ndjson, and a number before the extension is a part.
        self.assertEqual(rotation_key("dev/notes.2.ndjson"), ("dev/notes", 2))
        self.assertEqual(rotation_key("dev/notes.2.jsonl"), ("dev/notes", 2))
        self.assertEqual(rotation_key("dev/notes.ndjson"), ("dev/notes", 1))
        self.assertEqual(rotation_key("dev/notes.1.ndjson"), ("dev/notes.1", 1))
        self.assertEqual(rotation_key("s3a://b/x/2026.11.jsonl"), ("s3a://b/x/2026", 11))

    def test_a_local_file_is_read_where_it_is_and_a_remote_one_copied_into_the_scratch_directory(self):
        scratch = tempfile.mkdtemp(prefix="lifeline-spark-scratch-")
        try:
            self.assertEqual(local_copy("file:/tmp/a%20b.ndjson", scratch, "0"), "/tmp/a%20b.ndjson")
            self.assertEqual(local_copy("file:///tmp/a.ndjson", scratch, "0"), "/tmp/a.ndjson")
            self.assertEqual(os.listdir(scratch), [])
        finally:
            os.rmdir(scratch)


class PackageTests(unittest.TestCase):
    def test_the_package_has_the_version_of_the_binary_it_is_released_with(self):
        # docs/libraries.md, "Releases": a tag vX.Y.Z is cut where both say X.Y.Z.
        import tomllib

        with open(os.path.join(REPOSITORY, "integrations", "spark", "pyproject.toml"), "rb") as handle:
            project = tomllib.load(handle)["project"]
        version = subprocess.run([lifeline(), "--version"], capture_output=True, text=True, check=True).stdout.strip()
        self.assertEqual(project["version"], version)
        self.assertEqual(project["scripts"]["lifeline-spark"], "lifeline_spark.__main__:main")


if __name__ == "__main__":
    unittest.main()
