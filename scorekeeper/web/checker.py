"""(being built)"""

from flask import Blueprint

bp = Blueprint("checker", __name__)
