"""`Feedback` and the checks test files call, with the names, arguments and messages the
prairielearn/grader-python image documents (our own implementation). Feedback is kept per test in
memory (pythongrader.state) instead of in files."""

from pythongrader import state


class GradingComplete(Exception):
    """Stops grading: the remaining tests are skipped (and keep their points in the total)."""


class TestComplete(Exception):
    """Stops the current test only."""


class Feedback:
    test = None
    test_name = None
    feedback_file = None
    buffer = ""
    prefix_message = "\nFeedback for case %d\n---------------------\n"

    @classmethod
    def set_name(cls, name):
        cls.test_name = name
        cls.feedback_file = name
        cls.buffer = ""

    @classmethod
    def set_main_output(cls):
        cls.test_name = "output"
        cls.feedback_file = "output"
        cls.buffer = ""

    @classmethod
    def set_test(cls, test):
        cls.test = test

    @classmethod
    def set_score(cls, score):
        cls.test.points = min(1.0, max(0.0, score))

    @classmethod
    def add_iteration_prefix(cls, iteration):
        cls.buffer = cls.prefix_message % iteration

    @classmethod
    def clear_iteration_prefix(cls):
        cls.buffer = ""

    @classmethod
    def add_feedback(cls, text):
        if cls.feedback_file is None:
            raise RuntimeError("Cannot add feedback without a feedback file set. ")
        state.add_text(cls.feedback_file, cls.buffer + text + "\n")
        cls.buffer = ""

    @classmethod
    def finish(cls, fb_text):
        cls.add_feedback(fb_text)
        raise GradingComplete

    @classmethod
    def finish_test(cls, fb_text):
        cls.add_feedback(fb_text)
        raise TestComplete

    @staticmethod
    def not_allowed(*_args, **_kwargs):
        raise RuntimeError("The use of this function is not allowed.")

    @classmethod
    def _failed(cls, message, report_failure=True, accuracy_critical=False):
        if report_failure:
            cls.add_feedback(message)
        if accuracy_critical:
            cls.finish("")
        return False

    @classmethod
    def _passed(cls, name, report_success):
        if report_success:
            cls.add_feedback(f"'{name}' looks good")
        return True

    @classmethod
    def check_numpy_array_sanity(cls, name, num_axes, data):
        import numpy as np

        if data is None:
            cls.finish(f"'{name}' is None or not defined")
        if not isinstance(data, np.ndarray):
            cls.finish(f"'{name}' is not a numpy array")
        if isinstance(data, np.matrix):
            cls.finish(f"'{name}' is a numpy matrix. Do not use those.")
        if data.ndim != num_axes:
            cls.finish(f"'{name}' does not have the correct number of axes--got: {data.ndim}, expected: {num_axes}")
        if data.dtype.kind not in "fc":
            cls.finish(f"'{name}' does not consist of floating point numbers--got: '{data.dtype}'")

    @classmethod
    def check_numpy_array_features(cls, name, ref, data, accuracy_critical=False, report_failure=True, report_success=True):
        import numpy as np

        def fail(message):
            return cls._failed(message, report_failure, accuracy_critical)

        if data is None:
            return fail(f"'{name}' is None or not defined")
        if not isinstance(data, np.ndarray):
            return fail(f"'{name}' is not a numpy array")
        if isinstance(data, np.matrix):
            return fail(f"'{name}' is a numpy matrix. Do not use those.")
        if ref.shape != data.shape:
            return fail(f"'{name}' does not have correct shape--got: '{data.shape}', expected: '{ref.shape}'")
        if ref.dtype.kind != data.dtype.kind:
            return fail(f"'{name}' does not have correct data type--got: '{data.dtype}', expected: '{ref.dtype}'")
        return cls._passed(name, report_success)

    @classmethod
    def check_numpy_array_allclose(cls, name, ref, data, accuracy_critical=False, rtol=1e-05, atol=1e-08, report_success=True, report_failure=True):
        import numpy as np

        if not cls.check_numpy_array_features(name, ref, data, accuracy_critical, report_failure, report_success=False):
            return False
        close = bool(np.allclose(ref, data, rtol=rtol, atol=atol))
        if not close:
            if report_failure:
                cls.add_feedback(f"'{name}' is inaccurate")
            if accuracy_critical:
                raise GradingComplete("Inaccurate, grading halted")
            return False
        return cls._passed(name, report_success)

    @classmethod
    def check_list(cls, name, ref, data, entry_type=None, accuracy_critical=False, report_failure=True, report_success=True):
        def fail(message):
            return cls._failed(message, report_failure, accuracy_critical)

        if data is None:
            return fail(f"'{name}' is None or not defined")
        if not isinstance(data, list):
            return fail(f"'{name}' is not a list")
        if len(ref) != len(data):
            return fail(f"'{name}' has the wrong length--expected {len(ref)}, got {len(data)}")
        if entry_type is not None:
            for i, entry in enumerate(data):
                if not isinstance(entry, entry_type):
                    return fail(f"'{name}[{i}]' has the wrong type")
        return cls._passed(name, report_success)

    @classmethod
    def check_dict(cls, name, ref, data, *, target_keys=None, accuracy_critical=False, report_failure=True, report_success=True):
        def fail(message):
            return cls._failed(message, report_failure, accuracy_critical)

        if not isinstance(data, dict):
            return fail(f"'{name}' is not a dict, got type {type(data).__name__}")
        if target_keys is not None and any(key not in ref for key in target_keys):
            raise ValueError(f"target_keys must be a subset of the reference dict keys. Got {target_keys=} but ref.keys={list(ref)}")
        keys = list(ref) if target_keys is None else list(target_keys)
        missing = set(keys) - set(data)
        if missing:
            return fail(f"'{name}' has missing keys: `{', '.join(sorted(map(str, missing)))}`")
        extra = set(data) - set(keys)
        if target_keys is None and extra:
            return fail(f"'{name}' has extra keys: `{', '.join(sorted(map(str, extra)))}`")
        for key in keys:
            if type(ref[key]) is not type(data[key]):  # noqa: E721 - the exact type, as the image checks it
                return fail(f"'{name}' has key `{key}` with type `{type(data[key]).__name__}`, which is not the right type")
            if ref[key] != data[key]:
                return fail(f"'{name}' has key `{key}` with value `{data[key]}`, which is not correct")
        return cls._passed(name, report_success)

    @classmethod
    def check_tuple(cls, name, ref, data, accuracy_critical=False, report_failure=True, report_success=True):
        def fail(message):
            return cls._failed(message, report_failure, accuracy_critical)

        if data is None:
            return fail(f"{name} is None or not defined")
        if not isinstance(data, tuple):
            return fail(f"{name} is not a tuple")
        if len(data) != len(ref):
            return fail(f"{name} should be of length {len(ref)}")
        same = True
        for i, (mine, theirs) in enumerate(zip(ref, data)):
            if type(theirs) is not type(mine):
                same = False
                if report_failure:
                    cls.add_feedback(f"{name}[{i}] should be of type {type(mine).__name__}")
            elif theirs != mine:
                same = False
        if not same:
            return fail(f"'{name}' is inaccurate")
        return cls._passed(name, report_success)

    @classmethod
    def check_scalar(cls, name, ref, data, accuracy_critical=False, rtol=1e-5, atol=1e-8, report_success=True, report_failure=True):
        import numpy as np

        def fail(message):
            return cls._failed(message, report_failure, accuracy_critical)

        if data is None:
            return fail(f"'{name}' is None or not defined")
        if not isinstance(data, (complex, float, int, np.number)):
            # sympy numbers say so through is_number instead of their type
            if not getattr(data, "is_number", False):
                return fail(f"'{name}' is not a number")
        difference = abs(ref - data)
        close = (rtol is not None and difference < abs(ref) * rtol) or (atol is not None and difference < atol)
        if not close:
            return fail(f"'{name}' is inaccurate")
        return cls._passed(name, report_success)

    @classmethod
    def call_user(cls, f, *args, stop_on_exception=True, **kwargs):
        try:
            return f(*args, **kwargs)
        except Exception as exc:
            if callable(f):
                import traceback

                label = getattr(f, "__name__", "<unnamed>")
                cls.add_feedback(f"The callable '{label}' supplied in your code failed with an exception while it was being called "
                                 f"by the grading code:{traceback.format_exc()}")
            else:
                cls.add_feedback("Your code was supposed to supply a function or callable, but the variable you supplied was not callable.")
            cls.set_score(0.0)
            if stop_on_exception:
                raise GradingComplete from exc
            raise TestComplete from exc

    @classmethod
    def check_plot(cls, name, ref, plot, check_axes_scale=None, accuracy_critical=False, report_failure=True, report_success=True):
        import matplotlib.axes
        import numpy as np

        def fail(message):
            return cls._failed(message, report_failure, accuracy_critical)

        if plot is None:
            return fail(f"'{name}' is None or not defined")
        if not isinstance(plot, matplotlib.axes.Axes):
            return fail(f"'{name}' is not an object of matplotlib axes")
        for axis in check_axes_scale or "":
            if getattr(plot, f"get_{axis}scale")() != getattr(ref, f"get_{axis}scale")():
                return fail(f"'{name}' does not have the correct scale for its axes")
        theirs, mine = plot.get_lines(), ref.get_lines()
        if len(theirs) != len(mine):
            return fail(f"{len(theirs)} lines were plotted in '{name}' but {len(mine)} lines were expected")

        def points(line):
            xy = np.array([line.get_data()[0], line.get_data()[1]])
            return xy[np.lexsort(xy.T)]

        unmatched = [points(line) for line in mine]
        for line in theirs:
            xy = points(line)
            for i, want in enumerate(unmatched):
                if xy.shape == want.shape and np.allclose(xy, want):
                    del unmatched[i]
                    break
        if unmatched:
            return fail(f"'{name}' is inaccurate")
        return cls._passed(name, report_success)

    @classmethod
    def check_dataframe(cls, name, ref, data, subset_columns=None, check_values=True, allow_order_variance=True, display_input=False, report_success=True):
        import pandas as pd

        def show():
            if display_input and isinstance(data, pd.DataFrame):
                cls.add_feedback("----------")
                cls.add_feedback(data.to_string(max_rows=9))

        def fail(message):
            cls.add_feedback(message)
            show()
            return False

        if not isinstance(data, pd.DataFrame):
            return fail(f"{name} is not a DataFrame")
        if len(data) == 0 and len(ref) != 0:
            return fail(f"{name} is empty and should not be empty")
        if len(ref) != len(data):
            return fail(f"{name} is inaccurate")
        if subset_columns:
            for column in subset_columns:
                if column not in data:
                    return fail(f"Variable (column) `{column}` is not in `{name}`")
            ref, data_checked = ref[subset_columns], data[subset_columns]
        else:
            data_checked = data
        if check_values:
            try:
                pd.testing.assert_frame_equal(ref, data_checked, check_like=allow_order_variance)
            except Exception:
                return fail(f"{name} is inaccurate")
        cls._passed(name, report_success)
        show()
        return True
