import random
import statistics

# What each "context" preference draws its values from: unit and range.
CONTEXTS = {
    "temperatures": ("°C", 12, 31),
    "test scores": ("points", 55, 100),
    "commute times": ("min", 8, 55),
}


def generate(data):
    # Assessments may override these preferences; the question's defaults apply otherwise.
    preferences = data.get("preferences", {})
    size = int(preferences.get("sampleSize", 5))
    context = preferences.get("context", "temperatures")
    unit, low, high = CONTEXTS[context]

    values = [random.randint(low, high) for _ in range(size)]

    data["params"]["size"] = size
    data["params"]["context"] = context
    data["params"]["unit"] = unit
    data["params"]["valuesLatex"] = ",\\ ".join(str(v) for v in values)
    data["params"]["valuesCsv"] = ",".join(str(v) for v in values)
    data["correct_answers"]["mean"] = statistics.mean(values)
    data["correct_answers"]["median"] = statistics.median(values)
