"""Our own implementation of PrairieLearn's question library (`import prairielearn as pl`).

Written from the documented behaviour; `prairielearn.sympy_utils` is imported separately, as upstream.
"""

from prairielearn.conversion_utils import *  # noqa: F401,F403
from prairielearn.serialization import *  # noqa: F401,F403
from prairielearn.extension_utils import *  # noqa: F401,F403
from prairielearn.grading_utils import *  # noqa: F401,F403
from prairielearn.html_utils import *  # noqa: F401,F403
from prairielearn.misc_utils import *  # noqa: F401,F403
from prairielearn.question_data import *  # noqa: F401,F403
from prairielearn.question_utils import *  # noqa: F401,F403
from prairielearn.to_precision import *  # noqa: F401,F403
