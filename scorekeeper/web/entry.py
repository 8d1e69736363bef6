"""(being built)"""

from flask import Blueprint

bp = Blueprint("entry", __name__)
