"""Running one element controller function the way PrairieLearn does: cwd = the element's folder,
sys.path = [element folder, (course elements:) serverFilesCourse, the runtime's python folder,
default path..., fallback], a fresh namespace per controller per call unit."""

import copy
import inspect
import os
import sys


# path -> (mtime_ns, code object). Filled for the core controllers in the warm parent, so a worker
# compiles only course code; a changed file is compiled again.
_CODE = {}


def compiled(path):
    mtime = os.stat(path).st_mtime_ns
    hit = _CODE.get(path)
    if hit and hit[0] == mtime:
        return hit[1]
    with open(path, encoding="utf-8") as f:
        code = compile(f.read(), path, "exec")
    _CODE[path] = (mtime, code)
    return code


class ElementError(Exception):
    """An element failed; `issue` is the course issue already made."""

    def __init__(self, issue):
        super().__init__(issue["message"])
        self.issue = issue


class Controllers:
    def __init__(self, ctx, elements, extensions):
        self.ctx = ctx
        self.elements = elements
        self.extensions = extensions
        self.namespaces = {}

    def _path_for(self, entry):
        ctx = self.ctx
        head = [entry["directory"]]
        if entry["course"]:
            head.append(os.path.join(ctx.course_root, "serverFilesCourse"))
        return head + [ctx.python_root] + ctx.base_path + [ctx.fallback_root]

    def _namespace(self, entry):
        ns = self.namespaces.get(entry["controller"])
        if ns is None:
            ns = {"__name__": os.path.splitext(os.path.basename(entry["controller"]))[0], "__file__": entry["controller"]}
            exec(compiled(entry["controller"]), ns)
            self.namespaces[entry["controller"]] = ns
        return ns

    def _enter_and(self, entry, action):
        saved_path, saved_cwd = sys.path[:], os.getcwd()
        sys.path[:] = self._path_for(entry)
        os.chdir(entry["directory"])
        try:
            return action()
        finally:
            sys.path[:] = saved_path
            os.chdir(saved_cwd)

    def call(self, tag, fn_name, element_html, data, *, describe):
        """Runs `fn_name` of the element for `tag`: (whether it has one, its value). Raises ElementError."""
        entry = self.elements[tag]
        injected = self._inject(entry, data)

        def run():
            fn = self._namespace(entry).get(fn_name)
            if not callable(fn):
                return False, None
            try:
                legacy = len(inspect.signature(fn).parameters) == 3
            except (TypeError, ValueError):
                legacy = False
            return True, (fn(element_html, None, data) if legacy else fn(element_html, data))

        try:
            return self._enter_and(entry, run)
        except Exception as err:  # noqa: BLE001 - every failure of course code is a course issue
            from .issues import from_exception

            raise ElementError(
                from_exception(err, phase=self.ctx.phase, prefix=f"Error in element {describe} {fn_name}(): ", file=entry["controller"])
            ) from None
        finally:
            self._remove(data, injected)

    def _inject(self, entry, data):
        """data["extensions"] and the element URL options, present only while the element runs."""
        if not isinstance(data, dict):
            return {}
        data["extensions"] = copy.deepcopy(self.extensions.get(entry["name"], {}))
        injected = {"extensions": True}
        options = data.get("options")
        if self.ctx.phase == "render" and isinstance(options, dict):
            base = options.get("course_element_files_url") if entry["course"] else "plfile:/coreElements"
            # As PrairieLearn: the element's and each extension's client-files folder itself.
            options["client_files_element_url"] = f"{base}/{entry['name']}/clientFilesElement"
            ext_base = options.get("course_element_extension_files_url")
            options["client_files_extensions_url"] = {e: f"{ext_base}/{entry['name']}/{e}/clientFilesExtension" for e in data["extensions"]}
            injected["options"] = True
        return injected

    @staticmethod
    def _remove(data, injected):
        if not isinstance(data, dict):
            return
        if injected.get("extensions"):
            data.pop("extensions", None)
        if injected.get("options") and isinstance(data.get("options"), dict):
            data["options"].pop("client_files_element_url", None)
            data["options"].pop("client_files_extensions_url", None)
