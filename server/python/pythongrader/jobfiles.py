"""The course's files of one grading job, read into memory and taken off the disk before any of the
student's code runs (the image's grader does the same), so that the student's code cannot read the
reference solution or the tests."""

import json
import os
import shutil

SENSITIVE = ("setup_code.py", "ans.py", "test.py", "leading_code.py", "trailing_code.py")


class JobFiles:
    def __init__(self, job_dir):
        self.job_dir = os.path.abspath(job_dir)
        self.tests_dir = os.path.join(self.job_dir, "tests")
        self.run_dir = os.path.join(self.job_dir, "run")
        self.results_dir = os.path.join(self.job_dir, "results")
        self.tmp_dir = os.path.join(self.job_dir, "tmp")
        self.code = {}
        self.paths = {}
        with open(os.path.join(self.job_dir, "data", "data.json"), encoding="utf-8") as f:
            self.data = json.load(f)
        for name in SENSITIVE:
            path = os.path.join(self.tests_dir, name)
            self.paths[name] = path
            try:
                with open(path, encoding="utf-8") as f:
                    self.code[name] = f.read()
            except FileNotFoundError:
                self.code[name] = None

    def lay_out(self):
        """The working folder as the image makes it: the student's files and the tests' other files."""
        os.makedirs(self.run_dir, exist_ok=True)
        os.makedirs(self.tmp_dir, exist_ok=True)
        os.makedirs(self.results_dir, exist_ok=True)
        for source in (os.path.join(self.job_dir, "student"), self.tests_dir):
            if not os.path.isdir(source):
                continue
            for entry in os.listdir(source):
                if source == self.tests_dir and entry in SENSITIVE:
                    continue
                src, dest = os.path.join(source, entry), os.path.join(self.run_dir, entry)
                if os.path.isdir(src):
                    shutil.copytree(src, dest, dirs_exist_ok=True)
                else:
                    shutil.copyfile(src, dest)
        for name in SENSITIVE:
            if self.code[name] is not None:
                os.remove(self.paths[name])
        os.remove(os.path.join(self.job_dir, "data", "data.json"))
