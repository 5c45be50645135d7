"""Loading a question's server.py the way PrairieLearn does, and finding its phase functions."""

import os
import sys
import types

from .controllers import compiled
from .issues import from_exception, issue
from .messages import exit_site, system_exit_message


class ServerModule:
    def __init__(self, ctx):
        self.ctx = ctx
        self.path = os.path.join(ctx.question_dir, "server.py")
        self.module = None
        self.load_issue = None
        self.loaded = False

    def path_list(self):
        ctx = self.ctx
        return [ctx.question_dir, ctx.python_root, os.path.join(ctx.course_root, "serverFilesCourse")] + ctx.base_path + [ctx.fallback_root]

    def enter(self):
        saved = sys.path[:], os.getcwd()
        sys.path[:] = self.path_list()
        os.chdir(self.ctx.question_dir)
        return saved

    @staticmethod
    def leave(saved):
        sys.path[:] = saved[0]
        os.chdir(saved[1])

    def function(self, name, phase):
        """(function or None, load issue or None); loads server.py on first use in this unit."""
        if not self.loaded:
            self.loaded = True
            if os.path.isfile(self.path):
                module = types.ModuleType("server")
                module.__file__ = self.path
                saved = self.enter()
                try:
                    sys.modules["server"] = module
                    exec(compiled(self.path), module.__dict__)
                    self.module = module
                except Exception as err:  # noqa: BLE001 - a broken server.py is a course issue
                    self.load_issue = from_exception(err, phase=phase, prefix="Error in server.py: ", file=self.path)
                except SystemExit as err:
                    site = exit_site(err)
                    self.load_issue = issue(system_exit_message(err), phase=phase, file=site[0] if site else self.path, line=site and site[1])
                finally:
                    self.leave(saved)
        if self.load_issue:
            return None, {**self.load_issue, "phase": phase}
        if self.module is None:
            return None, None
        fn = getattr(self.module, name, None)
        if not callable(fn):
            return None, None
        # An imported `test` (from sympy import * brings one) is not server.py's own; PrairieLearn skips
        # only that name, so a grade() imported from a course module is used.
        if name == "test" and getattr(fn, "__module__", None) not in (None, "server"):
            return None, None
        return fn, None
